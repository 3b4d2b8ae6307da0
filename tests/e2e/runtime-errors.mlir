// A compiled program whose GPU work cannot run must not look like it
// succeeded: by default the runtime prints one message naming the call and
// the cause and ends the process with exit status 70 before the program
// prints anything it computed. With IMEXRT_ON_ERROR=continue the program
// goes on (its results undefined, each cause printed once) and can check
// imexrtGetErrorCount() itself. No device is needed: the Vulkan loader is
// pointed at a driver manifest that does not exist.
// RUN: %gpu-env %S/add-f32.mlir | imexc - --emit=exe -o %t.exe

// RUN: env VK_ICD_FILENAMES=%t.none.json IMEXRT_BACKEND=vulkan \
// RUN:   bash -c '%t.exe > %t.out 2> %t.err; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=STATUS
// STATUS: exit status 70
// RUN: FileCheck %s --check-prefix=EXIT --input-file=%t.err
// EXIT: imexrt: gpuCreateStream: backend vulkan (chosen by IMEXRT_BACKEND) cannot run kernels: {{.*}}
// EXIT-NEXT: imexrt: ending the process with exit status 70 (the default error policy); to handle runtime errors in the program, set IMEXRT_ON_ERROR=continue or call imexrtSetErrorPolicy()
// EXIT-EMPTY:
// EXIT-NOT: {{.}}
// RUN: count 0 < %t.out

// RUN: env VK_ICD_FILENAMES=%t.none.json IMEXRT_BACKEND=vulkan IMEXRT_ON_ERROR=continue \
// RUN:   %t.exe 2> %t.continue.err | FileCheck %s --check-prefix=RESULT
// RESULT: sizes = [8]
// RUN: FileCheck %s --check-prefix=CONTINUE --input-file=%t.continue.err
// CONTINUE: imexrt: gpuCreateStream: backend vulkan (chosen by IMEXRT_BACKEND) cannot run kernels
// CONTINUE-NOT: imexrt
